# Python: %-formatting against a grid of values and conversions (flags, width, precision,
# * arguments, mappings) and its TypeErrors.
vals = [0, 5, -5, 255, 3.0, -2.5, 1234.5678, 0.000123, 1e16, "ab", True, None, [1, 2]]
fmts = ["%d", "%5d", "%-5d|", "%05d", "%+d", "% d", "%x", "%#x", "%#o", "%X", "%e", "%.2e", "%g", "%.3g", "%f", "%.2f", "%8.3f", "%-8.2f|", "%08.2f", "%s", "%r", "%10s|", "%-10s|", "%.1s", "%c", "%i", "%u", "%%d"]
for v in vals:
    for f in fmts:
        try:
            r = f % v
        except Exception as e:
            r = "ERR " + type(e).__name__ + ": " + str(e)
        print(repr(v), f, "->", repr(r))
print("%s is %d years and %.1f%%" % ("Bob", 42, 99.5))
print("%(name)s=%(val)05.1f" % {"name": "x", "val": 3.14159})
print("%*d|%-*d|%.*f" % (5, 42, 4, 7, 2, 3.14159))
for f in ["%05.2d","%.2d","%-6.3d|","%+.3d","% .3d","%.0d","%#.4x","%#08.3x","%05s","%+s","%+.3s","% 5s","%#s","%-05d|","%.3x","%+05d","%.2c","%5.1c|","%-+8.3f|","%+.2e","%#.3o", "%.3r","%x","%05.1f", "%0-5d|", "%-#8x|", "%#X", "% 05d", "%+ d", "%.d", "%10.4s|", "%-10r|", "%a"]:
    for v in [5, -5, 0, 255, "abcdef", 3.5, True, 2**70]:
        try: r = f % v
        except Exception as e: r = "ERR " + type(e).__name__ + ": " + str(e)
        print(f, repr(v), repr(r))
print("%.2d:%.2d" % (5, 7), "%+.3s" % "abcdef")
