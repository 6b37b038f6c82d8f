MORSE = {
    "A": ".-", "B": "-...", "C": "-.-.", "D": "-..", "E": ".", "F": "..-.", "G": "--.", "H": "....",
    "I": "..", "J": ".---", "K": "-.-", "L": ".-..", "M": "--", "N": "-.", "O": "---", "P": ".--.",
    "Q": "--.-", "R": ".-.", "S": "...", "T": "-", "U": "..-", "V": "...-", "W": ".--", "X": "-..-",
    "Y": "-.--", "Z": "--..", "0": "-----", "1": ".----", "2": "..---", "3": "...--", "4": "....-",
    "5": ".....", "6": "-....", "7": "--...", "8": "---..", "9": "----.",
}
REVERSE = {v: k for k, v in MORSE.items()}

def encode(msg):
    return " / ".join(" ".join(MORSE[c] for c in word if c in MORSE) for word in msg.upper().split())

def decode(code):
    return " ".join("".join(REVERSE.get(sym, "?") for sym in word.split()) for word in code.split(" / "))

for msg in ["SOS", "Hello World", "Python 3", "mini dana 2024"]:
    e = encode(msg)
    print(f"{msg:<15} {e}")
    print(f"{'':<15} {decode(e)}")
print(decode("... --- ... / ........"))
lengths = sorted(MORSE.items(), key=lambda kv: (len(kv[1]), kv[0]))
print([k for k, v in lengths[:6]], [k for k, v in lengths[-3:]])
dots = sum(v.count(".") for v in MORSE.values())
dashes = sum(v.count("-") for v in MORSE.values())
print(dots, dashes, f"{dots / (dots + dashes):.1%}")
