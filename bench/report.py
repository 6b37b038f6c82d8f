# Report rendering: parse CSV-like text, aggregate, then render HTML and
# Markdown by appending to strings with += (the way scripts build output),
# str.format/%/f-string formatting, ljust/rjust/center, escaping with
# replace, and a word-wrapped summary.
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")

REGIONS = ["north", "south", "east", "west", "central"]
PRODUCTS = ["apple & pear", "bolt <m4>", "cable \"usb\"", "drill", "easel", "fan", "glue", "hinge"]


def make_csv(n):
    seed = 31337
    lines = ["id,region,product,qty,unit_price,date"]
    for i in range(n):
        seed = (seed * 1103515245 + 12345) % 2147483648
        region = REGIONS[seed % 5]
        product = PRODUCTS[(seed >> 4) % 8]
        qty = 1 + (seed >> 8) % 40
        price = ((seed >> 12) % 10000) / 100
        date = "2024-%02d-%02d" % (1 + (seed >> 5) % 12, 1 + (seed >> 9) % 28)
        lines.append(f"{i},{region},{product},{qty},{price:.2f},{date}")
    return "\n".join(lines)


def parse(text):
    rows = []
    header = None
    for line in text.splitlines():
        fields = [f.strip() for f in line.split(",")]
        if header is None:
            header = fields
            continue
        row = dict(zip(header, fields))
        row["qty"] = int(row["qty"])
        row["unit_price"] = float(row["unit_price"])
        rows.append(row)
    return rows


def escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def render_html(rows):
    html = "<table>\n"
    html += "  <tr><th>id</th><th>region</th><th>product</th><th>total</th></tr>\n"
    for row in rows:
        total = row["qty"] * row["unit_price"]
        cls = "big" if total > 1000 else "small"
        html += '  <tr class="' + cls + '">'
        html += "<td>%d</td>" % int(row["id"])
        html += "<td>{}</td>".format(row["region"].capitalize())
        html += f"<td>{escape(row['product'])}</td>"
        html += f"<td>{total:,.2f}</td></tr>\n"
    html += "</table>\n"
    return html


def render_markdown(summary):
    md = "| region | month | orders | revenue |\n|:--|:-:|--:|--:|\n"
    for (region, month), (orders, revenue) in sorted(summary.items()):
        md += "| " + region.ljust(8) + " | " + month.center(5) + " | " + str(orders).rjust(6) + " | " + ("%.2f" % revenue).rjust(12) + " |\n"
    return md


def summarize(rows):
    summary = {}
    for row in rows:
        key = (row["region"], row["date"][5:7])
        orders, revenue = summary.get(key, (0, 0.0))
        summary[key] = (orders + 1, revenue + row["qty"] * row["unit_price"])
    return summary


def wrap_words(text, width):
    out = ""
    line = ""
    for word in text.split():
        if len(line) + len(word) + 1 > width:
            out += line.rstrip() + "\n"
            line = ""
        line += word + " "
    return out + line.rstrip()


N = 400 if SMALL else 25000
text = make_csv(N)
rows = parse(text)
html = render_html(rows)
summary = summarize(rows)
md = render_markdown(summary)
best = max(summary.items(), key=lambda kv: kv[1][1])
blurb = wrap_words(" ".join(f"{r}:{len([x for x in rows if x['region'] == r])}" for r in REGIONS) * 20, 50)
print(len(text), len(rows), len(html), html.count("big"), html[200:260].replace("\n", "|"))
print(md.splitlines()[2])
print(len(md), best[0], f"{best[1][1]:.2f}")
print(blurb.splitlines()[0], len(blurb))
