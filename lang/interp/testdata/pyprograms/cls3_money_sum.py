class Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        return Money(self.cents + other.cents)

    def __radd__(self, other):
        if other == 0:
            return self
        return self + other

    def __mul__(self, k):
        return Money(round(self.cents * k))

    def __lt__(self, other):
        return self.cents < other.cents

    def __eq__(self, other):
        return self.cents == other.cents

    def __str__(self):
        sign = "-" if self.cents < 0 else ""
        c = abs(self.cents)
        return f"{sign}${c // 100:,}.{c % 100:02d}"

    def __repr__(self):
        return f"Money({self.cents})"

expenses = {"rent": Money(120000), "food": Money(45050), "bus": Money(6000), "fun": Money(12575)}
total = sum(expenses.values())
print("total:", total)
for name, m in sorted(expenses.items(), key=lambda kv: kv[1], reverse=True):
    share = m.cents / total.cents
    print(f"{name:<5} {str(m):>10} {share:6.1%}")
print(max(expenses.values()), min(expenses.values()))
print(Money(1999) * 3, Money(1000) * 0.075, Money(-250))
print(sorted(expenses.values()))
print(sum([Money(1), Money(2)], Money(100)))
print(Money(5) == Money(5), Money(5) in list(expenses.values()), Money(6000) in expenses.values())
