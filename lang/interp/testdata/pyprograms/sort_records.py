students = [("alice", 88), ("bob", 95), ("carol", 88), ("dave", 72)]
by_score = sorted(students, key=lambda s: (-s[1], s[0]))
for name, score in by_score:
    print(name, score)
print(sorted(students, key=lambda s: s[1])[0])
print(max(students, key=lambda s: s[1]), min(students, key=lambda s: s[1]))
