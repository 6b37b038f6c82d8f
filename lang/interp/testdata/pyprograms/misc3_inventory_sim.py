stock = {"widget": 50, "gadget": 20, "doohickey": 5}
reorder_level = {"widget": 20, "gadget": 10, "doohickey": 3}
reorder_qty = {"widget": 100, "gadget": 30, "doohickey": 10}
pending = {}
log = []
demand = [("widget", 12), ("gadget", 8), ("widget", 25), ("doohickey", 4), ("gadget", 9),
          ("widget", 10), ("doohickey", 3), ("gadget", 5), ("widget", 40), ("doohickey", 2)]
lost_sales = {k: 0 for k in stock}
for day, (item, qty) in enumerate(demand, 1):
    for it in list(pending):
        arrive_day, amount = pending[it]
        if arrive_day == day:
            stock[it] += amount
            del pending[it]
            log.append(f"day {day:2}: received {amount} {it}")
    sold = min(qty, stock[item])
    stock[item] -= sold
    lost_sales[item] += qty - sold
    log.append(f"day {day:2}: sold {sold}/{qty} {item}, left {stock[item]}")
    if stock[item] <= reorder_level[item] and item not in pending:
        pending[item] = (day + 2, reorder_qty[item])
        log.append(f"day {day:2}: reorder {reorder_qty[item]} {item}")
print("\n".join(log))
print(stock, pending, lost_sales)
print(sorted(stock.items(), key=lambda kv: kv[1]))
