data = '''id,name,city,score
1,"Smith, John",Boston,88.5
2,Jane Doe,"New York, NY",92
3,"O""Brien, Pat",Chicago,79.25
4,Li Wei,,100
'''

def parse_csv_line(line):
    fields, cur, quoted, i = [], "", False, 0
    while i < len(line):
        ch = line[i]
        if quoted:
            if ch == '"':
                if i + 1 < len(line) and line[i + 1] == '"':
                    cur += '"'
                    i += 1
                else:
                    quoted = False
            else:
                cur += ch
        elif ch == '"':
            quoted = True
        elif ch == ",":
            fields.append(cur)
            cur = ""
        else:
            cur += ch
        i += 1
    fields.append(cur)
    return fields

rows = [parse_csv_line(l) for l in data.strip().split("\n")]
header, body = rows[0], rows[1:]
records = [dict(zip(header, r)) for r in body]
for r in records:
    r["id"] = int(r["id"])
    r["score"] = float(r["score"])
    print(r)
print(sum(r["score"] for r in records) / len(records))
print([r["name"] for r in records if not r["city"]])
widths = [max(len(str(r[h])) for r in records + [dict(zip(header, header))]) for h in header]
for r in [dict(zip(header, header))] + records:
    print(" | ".join(str(r[h]).ljust(w) for h, w in zip(header, widths)))
