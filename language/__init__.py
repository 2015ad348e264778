"""The readers of people's words (pure, no Django).

Whether a sentence of feedback says what to do, whether a correction is about one case or a rule
of the work, whether two lines contradict, the words a line is compared on, a line in the agent's
terms, the category of a piece of feedback: each reads text alone, with the grammar of English
(LemmInflect's lexicon), patterns and a logistic regression whose weights lie beside it. Nothing
here imports Django or an app, so the readers run without settings or a database; the apps call
them. The labelled sentences they are fitted and measured on lie in language/corpus (read by
bench/language.py and bench/train_language.py; never loaded by the readers).
"""
