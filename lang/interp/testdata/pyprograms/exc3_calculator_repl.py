def evaluate(tokens):
    pos = 0

    def peek():
        return tokens[pos] if pos < len(tokens) else None

    def take():
        nonlocal pos
        tok = tokens[pos]
        pos += 1
        return tok

    def expr():
        value = term()
        while peek() in ("+", "-"):
            op = take()
            rhs = term()
            value = value + rhs if op == "+" else value - rhs
        return value

    def term():
        value = factor()
        while peek() in ("*", "/", "%"):
            op = take()
            rhs = factor()
            if op == "*":
                value *= rhs
            elif op == "/":
                value /= rhs
            else:
                value %= rhs
        return value

    def factor():
        tok = peek()
        if tok == "-":
            take()
            return -factor()
        if tok == "(":
            take()
            v = expr()
            if take() != ")":
                raise SyntaxError("expected )")
            return v
        if tok is None:
            raise SyntaxError("unexpected end")
        take()
        return float(tok) if "." in tok else int(tok)

    result = expr()
    if pos != len(tokens):
        raise SyntaxError(f"unexpected {tokens[pos]!r}")
    return result

def tokenize(line):
    out, num = [], ""
    for ch in line:
        if ch.isdigit() or ch == ".":
            num += ch
        else:
            if num:
                out.append(num)
                num = ""
            if ch in "+-*/%()":
                out.append(ch)
            elif ch != " ":
                raise SyntaxError(f"bad char {ch!r}")
    if num:
        out.append(num)
    return out

while True:
    try:
        line = input("> ")
    except EOFError:
        print("bye")
        break
    if line.strip() in ("quit", "exit"):
        print("bye")
        break
    try:
        print(evaluate(tokenize(line)))
    except ZeroDivisionError as e:
        print("error: division by zero:", e)
    except SyntaxError as e:
        print("syntax error:", e)
