counter = 0
log = []

def bump(n=1):
    global counter
    counter += n
    log.append(counter)

def reset():
    global counter, log
    counter = 0
    log = []

for i in range(5):
    bump(i)
print(counter, log)
reset()
bump()
print(counter, log)

config = {"debug": False}
def enable_debug():
    config["debug"] = True
enable_debug()
print(config)

def outer():
    total = 0
    def add(x):
        nonlocal total
        total += x
    for v in [1, 2, 3]:
        add(v)
    return total
print(outer())

x = 10
def shadow():
    x = 20
    return x
print(shadow(), x)

def read_global():
    return x * 2
print(read_global())

def make():
    global created
    created = "yes"
make()
print(created)
a, b = 1, 2
def swap():
    global a, b
    a, b = b, a
swap()
print(a, b)
