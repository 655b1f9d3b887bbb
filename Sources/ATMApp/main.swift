print("atm")
