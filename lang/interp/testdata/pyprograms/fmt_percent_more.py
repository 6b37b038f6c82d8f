name, score, pct = "Zoe", 93, 0.9312
print("%s scored %d (%.1f%%)" % (name, score, pct * 100))
print("%-10s|%10s|" % ("left", "right"))
print("%05d %5.2f %-8.3e|" % (42, 3.14159, 12345.678))
print("%x %X %o %#x %#o" % (255, 255, 8, 255, 8))
print("%+d %+d % d" % (5, -5, 5))
print("%c%c%c" % (72, 105, 33))
print("%r %s" % ("hi", "hi"))
print("%(a)s-%(b)05.1f" % {"a": "k", "b": 2.25})
print("%3d|%-3d|%03d" % (7, 7, 7))
print("%.3s|%10.2s|" % ("abcdef", "xyz"))
print("%g %g %g %g" % (0.0001, 1e-5, 123456, 1234567))
print("%s" % [1, 2], "%s" % (3,), "%d items" % 3)
print("%i %u" % (3.99, 4) if False else "%i" % 3.99)
rows = [("a", 1), ("bb", 22), ("ccc", 333)]
for k, v in rows:
    print("%-5s%5d" % (k, v))
