"""Plain records shared by the rules, the ECS and the battle: no logic, no randomness."""
