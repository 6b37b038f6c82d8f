# Infix -> RPN (shunting-yard) and evaluation
PREC = {"^": 4, "*": 3, "/": 3, "+": 2, "-": 2}
RIGHT = {"^"}

def tokenize(s):
    tokens, num = [], ""
    for ch in s:
        if ch.isdigit() or ch == ".":
            num += ch
            continue
        if num:
            tokens.append(num)
            num = ""
        if ch in PREC or ch in "()":
            tokens.append(ch)
        elif not ch.isspace():
            raise ValueError(f"bad character {ch!r}")
    if num:
        tokens.append(num)
    return tokens

def to_rpn(tokens):
    out, stack = [], []
    for t in tokens:
        if t in PREC:
            while stack and stack[-1] != "(" and (
                PREC[stack[-1]] > PREC[t] or (PREC[stack[-1]] == PREC[t] and t not in RIGHT)):
                out.append(stack.pop())
            stack.append(t)
        elif t == "(":
            stack.append(t)
        elif t == ")":
            while stack[-1] != "(":
                out.append(stack.pop())
            stack.pop()
        else:
            out.append(t)
    while stack:
        out.append(stack.pop())
    return out

def eval_rpn(rpn):
    st = []
    for t in rpn:
        if t in PREC:
            b, a = st.pop(), st.pop()
            if t == "+": st.append(a + b)
            elif t == "-": st.append(a - b)
            elif t == "*": st.append(a * b)
            elif t == "/": st.append(a / b)
            else: st.append(a ** b)
        else:
            st.append(float(t) if "." in t else int(t))
    return st[0]

for expr in ["3 + 4 * 2 / ( 1 - 5 ) ^ 2 ^ 3", "2 ^ 10", "(1 + 2) * 3 - 4", "1.5 * 4", "7 / 2", "2 ^ 0.5", "10 - 2 - 3", "1 / 0"]:
    rpn = to_rpn(tokenize(expr))
    try:
        print(f"{expr:<34} => {' '.join(rpn):<28} = {eval_rpn(rpn)}")
    except ZeroDivisionError as e:
        print(f"{expr:<34} => error: {e}")
try:
    tokenize("2 $ 3")
except ValueError as e:
    print(e)
