records = [("math", "alice"), ("art", "bob"), ("math", "carol"), ("cs", "dave"), ("art", "eve")]
groups = {}
for subject, name in records:
    if subject not in groups:
        groups[subject] = []
    groups[subject].append(name)
for subject in sorted(groups):
    print(subject, ", ".join(groups[subject]))
