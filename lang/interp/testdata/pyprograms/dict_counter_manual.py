votes = ["red", "blue", "red", "green", "blue", "red"]
tally = {}
for v in votes:
    tally[v] = tally.get(v, 0) + 1
winner = max(tally.items(), key=lambda kv: kv[1])
print(tally, winner)
ranked = sorted(tally.items(), key=lambda kv: kv[1], reverse=True)
print(ranked)
