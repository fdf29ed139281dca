print("navbench: scenarios arrive with the deep-link matcher")
