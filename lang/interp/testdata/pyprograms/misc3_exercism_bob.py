def response(hey_bob):
    msg = hey_bob.strip()
    if not msg:
        return "Fine. Be that way!"
    shouting = msg.isupper()
    question = msg.endswith("?")
    if shouting and question:
        return "Calm down, I know what I'm doing!"
    if shouting:
        return "Whoa, chill out!"
    if question:
        return "Sure."
    return "Whatever."

tests = ["Tom-ay-to, tom-aaaah-to.", "WATCH OUT!", "FCECDFCAAB", "Does this cryogenic chamber make me look fat?",
         "You are, what, like 15?", "fffbbcbeab?", "Hi there!", "WHAT'S GOING ON?", "1, 2, 3 GO!", "1, 2, 3",
         "4?", "ZOMG THE %^*@#$(*^ ZOMBIES ARE COMING!!11!!1!", "I HATE THE DENTIST", "Ending with ? means a question.",
         ":) ?", "Wait! Hang on. Are you going to be OK?", "", "          ", "\t\t\t\t\t\t\t\t\t\t", "Okay if like my  spacebar  quite a bit?   "]
for t in tests:
    print(f"{t!r:<50} -> {response(t)}")
