print([ord(c) for c in "AZaz09"])
print("".join(chr(i) for i in range(97, 107)))
print(chr(0x263A), ord("é"), len("héllo"), "héllo".upper())
print(hex(255), oct(8), bin(5), int("ff", 16), int("0b101", 0), int("777", 8))
