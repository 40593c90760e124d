import ViperPlannerKit
import ArgumentParser
print("hi")
