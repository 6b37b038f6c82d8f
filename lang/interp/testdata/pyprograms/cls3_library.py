from dataclasses import dataclass, field

@dataclass
class Book:
    title: str
    author: str
    year: int
    available: bool = True

@dataclass
class Member:
    name: str
    borrowed: list = field(default_factory=list)

class Library:
    def __init__(self):
        self.books = []
        self.members = {}

    def add_book(self, *args):
        self.books.append(Book(*args))

    def join(self, name):
        self.members[name] = Member(name)

    def find(self, title):
        for b in self.books:
            if b.title.lower() == title.lower():
                return b
        return None

    def borrow(self, name, title):
        member = self.members[name]
        book = self.find(title)
        if book is None:
            return f"{title!r} not in catalogue"
        if not book.available:
            return f"{book.title!r} is already out"
        if len(member.borrowed) >= 2:
            return f"{name} has too many books"
        book.available = False
        member.borrowed.append(book.title)
        return f"{name} borrowed {book.title!r}"

lib = Library()
lib.add_book("Dune", "Herbert", 1965)
lib.add_book("Emma", "Austen", 1815)
lib.add_book("Ulysses", "Joyce", 1922)
lib.add_book("Beloved", "Morrison", 1987)
lib.join("ann")
lib.join("ben")
for who, what in [("ann", "dune"), ("ben", "Dune"), ("ann", "Emma"), ("ann", "Beloved"), ("ben", "Hamlet")]:
    print(lib.borrow(who, what))
print(lib.members["ann"])
print(lib.books[0])
print([b.title for b in lib.books if b.available])
by_century = {}
for b in sorted(lib.books, key=lambda b: b.year):
    by_century.setdefault(b.year // 100 + 1, []).append(b.title)
print(by_century)
print(Book("X", "Y", 2000) == Book("X", "Y", 2000))
