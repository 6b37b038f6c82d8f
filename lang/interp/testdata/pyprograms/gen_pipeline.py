def read_lines(text):
    for line in text.splitlines():
        yield line

def non_empty(lines):
    for l in lines:
        if l.strip():
            yield l.strip()

def upper(lines):
    for l in lines:
        yield l.upper()

text = "alpha\n\n beta \ngamma\n"
print(list(upper(non_empty(read_lines(text)))))
