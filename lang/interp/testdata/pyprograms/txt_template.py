template = "Dear {name}, your order #{order:05d} of {qty} item{plural} ships {when}."
orders = [{"name": "Ann", "order": 42, "qty": 1, "when": "today"},
          {"name": "Bo", "order": 7, "qty": 3, "when": "tomorrow"}]
for o in orders:
    print(template.format(plural="" if o["qty"] == 1 else "s", **o))
