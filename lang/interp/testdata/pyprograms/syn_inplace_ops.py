d = {"a": 1}
alias = d
d |= {"b": 2}
print(alias)
s = {1}
t = s
s |= {2}
s &= {2, 3}
print(t)
lst = [1]
ref = lst
lst *= 3
print(ref)
n = 5
n **= 2
n //= 3
n %= 5
n <<= 2
print(n)
tup = (1,)
tup2 = tup
tup += (2,)
print(tup, tup2)
