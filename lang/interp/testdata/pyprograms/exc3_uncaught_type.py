def area(w, h):
    return w * h
print(area(3, 4))
print(area("ab", 3))
print(area(2))
