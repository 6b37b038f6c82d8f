xs = [1, 2, 3]
xs.append(4)
xs.insert(0, 0)
xs.extend([5, 6])
print(xs, len(xs))
print(xs.pop(), xs.pop(0), xs)
xs.remove(3)
print(xs, xs.index(4), xs.count(2))
xs.reverse()
print(xs)
ys = xs.copy()
ys[0] = 99
print(xs, ys)
print(xs + ys, xs * 2, [0] * 3)
print(xs[1:3], xs[::2], xs[::-1], xs[-1])
del xs[0]
print(xs)
xs[1:2] = [7, 8, 9]
print(xs)
