def to_json(v, indent=0, step=2):
    pad = " " * indent
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(v, (list, tuple)):
        if not v:
            return "[]"
        inner = [" " * (indent + step) + to_json(x, indent + step, step) for x in v]
        return "[\n" + ",\n".join(inner) + "\n" + pad + "]"
    if isinstance(v, dict):
        if not v:
            return "{}"
        inner = [" " * (indent + step) + to_json(str(k)) + ": " + to_json(x, indent + step, step) for k, x in v.items()]
        return "{\n" + ",\n".join(inner) + "\n" + pad + "}"
    raise TypeError(f"Object of type {type(v).__name__} is not JSON serializable")

doc = {
    "name": "widget",
    "tags": ["a", "b"],
    "price": 12.5,
    "stock": {"warehouse": 10, "store": 0},
    "active": True,
    "notes": None,
    "dims": (1, 2.0, -3),
    "quote": 'He said "hi"\nbye',
    "empty": [],
    "nothing": {},
}
print(to_json(doc))
try:
    to_json({"s": {1, 2}})
except TypeError as e:
    print("TypeError:", e)

def tokenize(s):
    i = 0
    out = []
    while i < len(s):
        ch = s[i]
        if ch in "{}[]:,":
            out.append(ch)
            i += 1
        elif ch.isspace():
            i += 1
        elif ch == '"':
            j = s.index('"', i + 1)
            out.append(s[i:j + 1])
            i = j + 1
        else:
            j = i
            while j < len(s) and s[j] not in "{}[]:, \n":
                j += 1
            out.append(s[i:j])
            i = j
    return out
print(tokenize('{"a": [1, 2.5, true], "b": null}'))
