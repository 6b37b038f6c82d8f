class Temperature:
    def __init__(self, celsius=0.0):
        self.celsius = celsius

    @property
    def fahrenheit(self):
        return self.celsius * 9 / 5 + 32

    @property
    def kelvin(self):
        return self.celsius + 273.15

    @staticmethod
    def from_fahrenheit(f):
        return Temperature((f - 32) * 5 / 9)

    def __repr__(self):
        return f"Temperature({self.celsius:.2f})"

for c in [-40, 0, 37, 100]:
    t = Temperature(c)
    print(f"{t.celsius:>6.1f}C {t.fahrenheit:>6.1f}F {t.kelvin:>7.2f}K")
print(Temperature.from_fahrenheit(212), Temperature.from_fahrenheit(-40))
temps = [Temperature(x) for x in (12.5, -3, 30)]
print(sorted(temps, key=lambda t: t.fahrenheit))
print(max(t.kelvin for t in temps))
