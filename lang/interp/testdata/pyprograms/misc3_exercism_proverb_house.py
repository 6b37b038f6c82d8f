def proverb(*items, qualifier=None):
    lines = [f"For want of a {a} the {b} was lost." for a, b in zip(items, items[1:])]
    if items:
        first = f"{qualifier} {items[0]}" if qualifier else items[0]
        lines.append(f"And all for the want of a {first}.")
    return lines

print("\n".join(proverb("nail", "shoe", "horse", "rider", "message", "battle", "kingdom")))
print(proverb())
print(proverb("nail", qualifier="horseshoe"))
PARTS = [("house that Jack built.", ""), ("malt", "lay in"), ("rat", "ate"), ("cat", "killed"), ("dog", "worried"),
         ("cow with the crumpled horn", "tossed")]

def verse(n):
    lines = [f"This is the {PARTS[n - 1][0]}" if n > 1 else "This is the house that Jack built."]
    for i in range(n - 1, 0, -1):
        thing = PARTS[i - 1][0]
        verb = PARTS[i][1]
        lines.append(f"that {verb} the {thing}")
    return " ".join(lines) if n > 1 else lines[0]

for n in range(1, 5):
    print(verse(n))

def twelve_days(n):
    ordinals = ["first", "second", "third", "fourth", "fifth"]
    gifts = ["a Partridge in a Pear Tree", "two Turtle Doves", "three French Hens", "four Calling Birds", "five Gold Rings"]
    g = gifts[:n][::-1]
    if n > 1:
        g[-1] = "and " + g[-1]
    return f"On the {ordinals[n - 1]} day of Christmas my true love gave to me: {', '.join(g)}."
for n in (1, 2, 5):
    print(twelve_days(n))
