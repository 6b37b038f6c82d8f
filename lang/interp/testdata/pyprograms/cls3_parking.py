class ParkingLot:
    RATES = {"car": 2.5, "bike": 1.0, "truck": 6.0}

    def __init__(self, capacity):
        self.capacity = capacity
        self.spots = {}
        self.revenue = 0.0
        self.log = []

    def enter(self, plate, kind, time):
        if len(self.spots) >= self.capacity:
            self.log.append(f"{time:05.2f} FULL, {plate} turned away")
            return False
        if plate in self.spots:
            raise RuntimeError(f"{plate} already parked")
        self.spots[plate] = (kind, time)
        self.log.append(f"{time:05.2f} IN  {plate} ({kind})")
        return True

    def leave(self, plate, time):
        kind, start = self.spots.pop(plate)
        hours = max(1, int(time - start + 0.999))
        fee = hours * self.RATES[kind]
        self.revenue += fee
        self.log.append(f"{time:05.2f} OUT {plate} {hours}h ${fee:.2f}")
        return fee

lot = ParkingLot(3)
events = [
    ("in", "AB-123", "car", 8.0), ("in", "XY-9", "bike", 8.25), ("in", "TRK-1", "truck", 9.5),
    ("in", "ZZ-00", "car", 10.0), ("out", "XY-9", None, 11.75), ("in", "ZZ-00", "car", 12.0),
    ("out", "AB-123", None, 17.1), ("out", "TRK-1", None, 12.0), ("in", "ZZ-00", "car", 13.0),
]
for action, plate, kind, t in events:
    try:
        if action == "in":
            lot.enter(plate, kind, t)
        else:
            lot.leave(plate, t)
    except RuntimeError as e:
        lot.log.append(f"{t:05.2f} ERROR {e}")
print("\n".join(lot.log))
print(f"revenue: {lot.revenue:.2f}, still parked: {sorted(lot.spots)}")
print(lot.spots)
