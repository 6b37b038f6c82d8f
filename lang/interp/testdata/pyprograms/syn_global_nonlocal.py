counter = 0
def bump():
    global counter
    counter += 1
    return counter

bump()
bump()
print(counter)

def make_acc():
    total = 0
    def add(x):
        nonlocal total
        total += x
        return total
    return add

acc = make_acc()
print(acc(5), acc(10), acc(-3))
