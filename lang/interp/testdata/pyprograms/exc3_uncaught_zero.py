scores = {"a": [90, 80], "b": []}
for k, v in scores.items():
    print(k, sum(v) / len(v))
