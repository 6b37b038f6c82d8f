def todo():
    ...

class_like = ...
print(todo(), class_like, ... is Ellipsis)
for i in range(2):
    pass
print("done")
