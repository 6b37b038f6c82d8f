SUITS = ["♠", "♥", "♦", "♣"]
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]

class Card:
    def __init__(self, rank, suit):
        self.rank = rank
        self.suit = suit

    @property
    def value(self):
        return RANKS.index(self.rank) + 2

    def __str__(self):
        return f"{self.rank}{self.suit}"

    def __lt__(self, other):
        return (self.value, SUITS.index(self.suit)) < (other.value, SUITS.index(other.suit))

class Deck:
    def __init__(self):
        self.cards = [Card(r, s) for s in SUITS for r in RANKS]

    def shuffle(self, seed):
        state = seed
        for i in range(len(self.cards) - 1, 0, -1):
            state = (state * 1103515245 + 12345) % 2 ** 31
            j = state % (i + 1)
            self.cards[i], self.cards[j] = self.cards[j], self.cards[i]

    def deal(self, n):
        hand, self.cards = self.cards[:n], self.cards[n:]
        return hand

def hand_str(hand):
    return " ".join(str(c) for c in sorted(hand))

deck = Deck()
print(len(deck.cards), str(deck.cards[0]), str(deck.cards[-1]))
deck.shuffle(7)
hands = [deck.deal(5) for _ in range(4)]
for i, h in enumerate(hands, 1):
    print(f"player {i}: {hand_str(h):<22} total={sum(c.value for c in h)}")
best = max(range(4), key=lambda i: max(hands[i]).value)
print("highest card held by player", best + 1, str(max(hands[best])))
print(len(deck.cards), "cards left")
ranks = {}
for c in deck.cards:
    ranks[c.rank] = ranks.get(c.rank, 0) + 1
print(ranks)
