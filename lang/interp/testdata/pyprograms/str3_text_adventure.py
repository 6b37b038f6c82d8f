ROOMS = {
    "hall": {"desc": "a dusty hall", "exits": {"north": "library", "east": "kitchen"}, "items": ["lamp"]},
    "library": {"desc": "rows of old books", "exits": {"south": "hall"}, "items": ["key", "book"]},
    "kitchen": {"desc": "a cold kitchen", "exits": {"west": "hall", "down": "cellar"}, "items": []},
    "cellar": {"desc": "a dark cellar", "exits": {"up": "kitchen"}, "items": ["treasure"], "locked": True},
}
commands = ["look", "take lamp", "go north", "take key", "take sword", "inventory", "go south", "go east",
            "go down", "use key", "go down", "take treasure", "look", "go sideways", "dance", "quit"]
room = "hall"
inventory = []
for cmd in commands:
    print(f"> {cmd}")
    verb, _, arg = cmd.partition(" ")
    here = ROOMS[room]
    if verb == "look":
        items = ", ".join(here["items"]) or "nothing"
        print(f"You are in {here['desc']}. You see: {items}. Exits: {', '.join(sorted(here['exits']))}")
    elif verb == "take":
        if arg in here["items"]:
            here["items"].remove(arg)
            inventory.append(arg)
            print(f"Taken: {arg}")
        else:
            print(f"There is no {arg} here.")
    elif verb == "go":
        dest = here["exits"].get(arg)
        if dest is None:
            print("You can't go that way.")
        elif ROOMS[dest].get("locked"):
            print("The way is locked.")
        else:
            room = dest
            print(f"You go {arg} to the {room}.")
    elif verb == "use" and arg == "key" and "key" in inventory:
        for r in ROOMS.values():
            r.pop("locked", None)
        print("You unlock something with a click.")
    elif verb == "inventory":
        print("You carry:", inventory or "nothing")
    elif verb == "quit":
        print("Bye! Score:", 10 * len(inventory) + (50 if "treasure" in inventory else 0))
        break
    else:
        print("I don't understand that.")
