items = [("apple", 1.5, 3), ("banana", 0.25, 12), ("cherry", 10.0, 1), ("kiwi", 3.333, 7)]
print(f"{'Item':<10}|{'Price':>8}|{'Qty':^5}|{'Total':>10}")
print("-" * 36)
total = 0
for name, price, qty in items:
    line_total = price * qty
    total += line_total
    print(f"{name:<10}|{price:>8.2f}|{qty:^5}|{line_total:>10.3f}")
print(f"{'TOTAL':<10}|{'':>8}|{'':^5}|{total:>10.3f}")
print(f"{'x':*^9}", f"{42:0>6}", f"{-42:08d}", f"{3.14159:+.2f}", f"{7:+d}", f"{-7: d}", f"{7: d}")
print(f"{1234567:,}", f"{1234567.891:,.2f}", f"{1234567:_}", f"{0.256:.1%}", f"{5:b}", f"{255:#x}", f"{255:#o}", f"{255:X}")
print(f"{12345.6789:e}", f"{12345.6789:.2E}", f"{0.00001234:g}", f"{123456789.0:g}", f"{1.0:g}", f"{100:g}")
print(f"{'abc'!r}", f"{'abc'!s:>5}", f"{3!r}", f"{[1, 'a']!r}")
w, p = 10, 3
print(f"{3.14159:{w}.{p}f}|", f"{'hi':>{w}}|")
