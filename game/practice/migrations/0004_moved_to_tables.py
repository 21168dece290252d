"""The practice games now live in the tables app (``people`` 0004 moved every one of them)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0003_review"),
        ("people", "0004_practice_games"),
    ]

    operations = [
        migrations.DeleteModel("PracticeReview"),
        migrations.DeleteModel("PracticeGame"),
    ]
