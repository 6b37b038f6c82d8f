from dataclasses import dataclass, field

@dataclass
class Character:
    name: str
    hp: int
    attack: int
    defense: int
    inventory: list = field(default_factory=list)

    def alive(self):
        return self.hp > 0

    def hit(self, other, roll):
        damage = max(1, self.attack + roll - other.defense)
        other.hp = max(0, other.hp - damage)
        return damage

def lcg(seed):
    while True:
        seed = (seed * 1664525 + 1013904223) % 2 ** 32
        yield seed % 6 + 1

hero = Character("Hero", 30, 7, 3, ["sword"])
orc = Character("Orc", 25, 6, 2)
dice = lcg(99)
turn = 0
while hero.alive() and orc.alive():
    turn += 1
    attacker, defender = (hero, orc) if turn % 2 else (orc, hero)
    roll = next(dice)
    dmg = attacker.hit(defender, roll)
    print(f"turn {turn:2}: {attacker.name} rolls {roll} and hits {defender.name} for {dmg} -> {defender.hp} hp")
winner = hero if hero.alive() else orc
print("winner:", winner.name, winner)
hero.inventory.append("potion")
print(hero.inventory, orc.inventory)
