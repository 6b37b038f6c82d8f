rows = [("apples", 3, 0.5), ("kiwis", 12, 0.25), ("watermelon", 1, 3.999)]
for name, n, price in rows:
    print("%-12s %3d @ %6.2f = %8.3f" % (name, n, price, n * price))
print("%s" % "just one")
print("%s %s" % ("a", "b"), "%r" % "quoted", "%5s|%-5s|" % ("ab", "cd"))
print("%d%%" % 50, "%x %X %o %e %E %g %G" % (255, 255, 8, 12345.678, 0.00012, 1e-10, 1e20))
print("%05d|%+d|% d|%-6d|%.3f|%10.4e" % (42, 42, 42, 42, 2 / 3, 12345.6789))
print("%c%c%c" % (72, 105, 33), "%s" % [1, 2], "%s" % (None,), "%.1f%%" % 99.95)
print("Name: %(name)s, age: %(age)d" % {"name": "Ana", "age": 31})
print("%3d|%-3d|%03d" % (-5, -5, -5), "%.2s" % "abcdef", "%i" % 3.99)
for i in range(1, 4):
    print("Line %d of %d: %s" % (i, 3, "*" * i))
print("%s and %s" % (True, 3.0), "%d" % True, "%f" % 1, "%g" % 100000, "%g" % 1000000)
print("%10.3s|" % "python", "%-10s|" % "left", "%+.1e" % -0.000123)
