def is_palindrome(s):
    cleaned = "".join(ch.lower() for ch in s if ch.isalnum())
    return cleaned == cleaned[::-1]

for s in ["A man, a plan, a canal: Panama", "race a car", "", "No 'x' in Nixon"]:
    print(repr(s), is_palindrome(s))
