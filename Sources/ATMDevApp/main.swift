print("atm-dev")
