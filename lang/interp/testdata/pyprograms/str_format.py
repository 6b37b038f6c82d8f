name = "Ada"
age = 36
pi = 3.14159265
print(f"{name} is {age} years old")
print(f"{pi:.2f} {pi:10.3f}| {age:5d}| {age:<5}| {age:^7}|")
print(f"{1234567:,} {0.25:.1%} {255:x} {255:X} {255:o} {255:b} {255:#x}")
print("{} and {}".format("a", "b"), "{1} {0}".format("x", "y"))
print("{name}={val:.3f}".format(name="k", val=2.5))
print(f"{name!r} {name:>8} {name:*^9}")
print("%s is %d years, %.1f%%" % (name, age, 12.345))
print("%5s|%-5s|%05d|%x" % ("ab", "cd", 42, 255))
print(f"{'nested'} {age + 1} {[1, 2][0]}")
print(f"{3.0} {1e20} {1e-5} {0.1 + 0.2}")
