class Animal:
    def __init__(self, name, legs):
        self.name = name
        self.legs = legs

    def speak(self):
        return "..."

    def describe(self):
        return f"{self.name} has {self.legs} legs and says {self.speak()}"

class Dog(Animal):
    def __init__(self, name):
        super().__init__(name, 4)

    def speak(self):
        return "Woof"

class Bird(Animal):
    def __init__(self, name, can_fly=True):
        super().__init__(name, 2)
        self.can_fly = can_fly

    def speak(self):
        return "Tweet"

    def describe(self):
        base = super().describe()
        return base + (" and flies" if self.can_fly else " but cannot fly")

zoo = [Dog("Rex"), Bird("Tweety"), Bird("Pingu", can_fly=False), Animal("Blob", 0)]
for a in zoo:
    print(a.describe())
print([type(a).__name__ for a in zoo])
print(sum(a.legs for a in zoo))
print([a.name for a in zoo if isinstance(a, Bird)])
print(isinstance(zoo[0], Animal), isinstance(zoo[3], Dog))
