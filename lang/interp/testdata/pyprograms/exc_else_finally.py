def attempt(x):
    try:
        r = 10 // x
    except ZeroDivisionError as e:
        print("caught", e)
    else:
        print("result", r)
    finally:
        print("cleanup")

attempt(2)
attempt(0)
