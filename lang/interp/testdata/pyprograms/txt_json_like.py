def to_json(v, indent=0):
    pad = "  " * indent
    if isinstance(v, dict):
        if not v:
            return "{}"
        items = [f'{pad}  "{k}": {to_json(x, indent + 1)}' for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(v, list):
        return "[" + ", ".join(to_json(x, indent) for x in v) + "]"
    if isinstance(v, str):
        return '"' + v.replace('"', '\\"') + '"'
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)
doc = {"name": "Widget", "tags": ["a", "b"], "price": 9.5, "stock": None, "active": True,
       "dims": {"w": 3, "h": 4.25, "unit": 'c"m'}, "empty": {}}
print(to_json(doc))
def flatten_keys(d, prefix=""):
    out = {}
    for k, v in d.items():
        key = prefix + "." + k if prefix else k
        if isinstance(v, dict) and v:
            out.update(flatten_keys(v, key))
        else:
            out[key] = v
    return out
for k, v in sorted(flatten_keys(doc).items()):
    print(f"{k:<10} = {v!r}")
