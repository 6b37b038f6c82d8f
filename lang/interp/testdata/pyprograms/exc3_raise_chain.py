def load(cfg):
    try:
        return int(cfg["port"])
    except KeyError as e:
        raise RuntimeError("missing setting") from e
print(load({"port": "80"}))
print(load({}))
