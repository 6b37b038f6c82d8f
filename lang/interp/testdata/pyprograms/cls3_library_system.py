class Book:
    def __init__(self, isbn, title, author, copies=1):
        self.isbn = isbn
        self.title = title
        self.author = author
        self.copies = copies
        self.loans = 0

    @property
    def available(self):
        return self.copies - self.loans

    def __str__(self):
        return f"{self.title} by {self.author} ({self.available}/{self.copies} available)"

class Patron:
    MAX_LOANS = 3

    def __init__(self, name):
        self.name = name
        self.books = []

    def can_borrow(self):
        return len(self.books) < Patron.MAX_LOANS

class Library:
    def __init__(self):
        self.catalog = {}
        self.patrons = {}

    def add(self, book):
        self.catalog[book.isbn] = book

    def checkout(self, patron_name, isbn):
        patron = self.patrons.setdefault(patron_name, Patron(patron_name))
        book = self.catalog.get(isbn)
        if book is None:
            raise KeyError(f"no book with ISBN {isbn}")
        if not book.available:
            raise ValueError(f"{book.title!r} is not available")
        if not patron.can_borrow():
            raise ValueError(f"{patron.name} already has {Patron.MAX_LOANS} books")
        book.loans += 1
        patron.books.append(book)

lib = Library()
lib.add(Book("111", "Dune", "Frank Herbert", 2))
lib.add(Book("222", "Neuromancer", "William Gibson"))
lib.add(Book("333", "Foundation", "Isaac Asimov", 3))
requests = [("ann", "111"), ("bob", "111"), ("cat", "111"), ("ann", "222"), ("ann", "333"), ("ann", "333"), ("dan", "999")]
for who, isbn in requests:
    try:
        lib.checkout(who, isbn)
        print(f"{who} borrowed {lib.catalog[isbn].title}")
    except (KeyError, ValueError) as e:
        print(f"{who} failed: {e}")
for book in lib.catalog.values():
    print(book)
for p in lib.patrons.values():
    print(p.name, [b.title for b in p.books])
