sentence = "Python is a great language to learn"
print(" ".join(reversed(sentence.split())))
print(" ".join(w[::-1] for w in sentence.split()))
print(sentence[::-1])
print(sentence[7:9], sentence[-5:], sentence[:6])
