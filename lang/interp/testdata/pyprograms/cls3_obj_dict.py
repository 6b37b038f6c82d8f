class Config:
    def __init__(self, **kwargs):
        self.debug = False
        self.level = 1
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"Config({fields})"

c = Config(level=3, name="prod")
print(c)
print(vars(c))
print(getattr(c, "name"), getattr(c, "missing", None), hasattr(c, "debug"))
for key in sorted(vars(c)):
    print(key, "=", getattr(c, key))
