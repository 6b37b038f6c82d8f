# Reads commands from standard input until EOF
stock = {}
log = []
while True:
    try:
        line = input()
    except EOFError:
        break
    parts = line.split()
    if not parts or parts[0].startswith("#"):
        continue
    cmd, args = parts[0].lower(), parts[1:]
    if cmd == "add":
        name, qty = args[0], int(args[1])
        stock[name] = stock.get(name, 0) + qty
        log.append(f"added {qty} {name}")
    elif cmd == "sell":
        name, qty = args[0], int(args[1])
        have = stock.get(name, 0)
        if qty > have:
            log.append(f"cannot sell {qty} {name}: only {have}")
        else:
            stock[name] = have - qty
            log.append(f"sold {qty} {name}")
    elif cmd == "show":
        for k in sorted(stock):
            print(f"{k:>8}: {stock[k]}")
    else:
        log.append(f"unknown command {cmd!r}")
print("\n".join(log))
print(stock)
print("empty:", [k for k, v in stock.items() if v == 0])
