raw = """region,product,units,price
north,widget,10,2.50
south,widget,4,2.50
north,gadget,3,10.00
east,widget,7,2.75
south,gadget,1,9.50"""
lines = raw.splitlines()
header = lines[0].split(",")
rows = [dict(zip(header, l.split(","))) for l in lines[1:]]
totals = {}
for r in rows:
    totals[r["region"]] = totals.get(r["region"], 0) + int(r["units"]) * float(r["price"])
for region, t in sorted(totals.items(), key=lambda kv: -kv[1]):
    print(f"{region:>6}: {t:8.2f}")
print(f"{'TOTAL':>6}: {sum(totals.values()):8.2f}")
