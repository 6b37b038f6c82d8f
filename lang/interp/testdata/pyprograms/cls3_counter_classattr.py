class Widget:
    count = 0
    registry = []

    def __init__(self, name):
        Widget.count += 1
        self.id = Widget.count
        self.name = name
        Widget.registry.append(self)

    def __repr__(self):
        return f"<{self.__class__.__name__} #{self.id} {self.name}>"

    @classmethod
    def create_many(cls, *names):
        return [cls(n) for n in names]

a = Widget("knob")
b = Widget("lever")
more = Widget.create_many("dial", "switch")
print(Widget.count, a.id, b.id, more)
print(Widget.registry)
print([w.name for w in Widget.registry if w.id % 2 == 0])
