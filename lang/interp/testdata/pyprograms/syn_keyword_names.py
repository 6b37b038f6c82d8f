struct = {"kind": "record"}
print(struct["kind"])
match = 3
case = 4
type_ = "t"
print(match + case, type_)
