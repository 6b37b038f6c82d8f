COMMON = {"password", "123456", "qwerty", "letmein", "dragon"}

def strength(pw):
    problems = []
    if len(pw) < 8:
        problems.append(f"too short ({len(pw)} < 8)")
    if not any(c.islower() for c in pw):
        problems.append("no lowercase letter")
    if not any(c.isupper() for c in pw):
        problems.append("no uppercase letter")
    if not any(c.isdigit() for c in pw):
        problems.append("no digit")
    if all(c.isalnum() for c in pw):
        problems.append("no symbol")
    if pw.lower() in COMMON:
        problems.append("too common")
    runs = max((len(run) for run in _runs(pw)), default=0)
    if runs >= 3:
        problems.append(f"repeated character run of {runs}")
    score = max(0, 5 - len(problems))
    return score, problems

def _runs(s):
    run = ""
    for ch in s:
        if run and ch == run[-1]:
            run += ch
        else:
            if run:
                yield run
            run = ch
    if run:
        yield run

for pw in ["password", "Password1", "P@ssw0rd!", "aaaBBB111!!!", "short", "", "C0rrect-Horse-Battery", "zzzzzzzzz"]:
    score, problems = strength(pw)
    label = ["terrible", "weak", "poor", "fair", "good", "strong"][score]
    print(f"{pw!r:<24} {score}/5 {label:<8} {'; '.join(problems) or 'ok'}")
print(list(_runs("aabbbc")), list(_runs("")))
