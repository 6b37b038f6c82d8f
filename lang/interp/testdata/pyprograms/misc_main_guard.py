# A script in the usual shape: functions, then a main guarded by __name__.
# Python: float sums are added left to right (3.11), so the last digit shows.


def average(xs):
    return sum(xs) / len(xs)


def report(prices):
    total = sum(prices)
    print("total:", total)
    print("average:", average(prices))
    print("tenths:", sum([0.1] * 10), sum([0.1, 0.2, 0.3]))
    print("mixed:", sum([1, 2.5, 3]), sum([0.5, 1], 10))


def main():
    print("module:", __name__)
    report([19.99, 5.01, 3.3, 0.7])


if __name__ == "__main__":
    main()
else:
    print("imported")
