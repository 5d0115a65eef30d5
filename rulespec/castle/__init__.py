"""The White Castle (Sheila Santos & Israel Cendrero, Devir/Kosmos 2023), 1-4 players."""
