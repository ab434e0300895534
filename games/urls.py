"""URL routes of games: the lobby at the root, game pages under /games/<id>/."""

from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("games/new/", views.game_new, name="new"),
    path("games/new/<slug:slug>/", views.game_create, name="create"),
    path("games/<int:game_id>/", views.game_detail, name="detail"),
    path("games/<int:game_id>/join/", views.game_join, name="join"),
    path("games/<int:game_id>/leave/", views.game_leave, name="leave"),
    path("games/<int:game_id>/invite/", views.game_invite, name="invite"),
    path("games/<int:game_id>/decline/", views.invitation_decline, name="decline"),
    path("games/<int:game_id>/move/", views.move_text, name="move"),
    path("games/<int:game_id>/play/", views.move_form, name="play"),
    path("games/<int:game_id>/resign/", views.resign, name="resign"),
    path("games/<int:game_id>/chat/", views.chat, name="chat"),
    path("games/<int:game_id>/replay/", views.replay, name="replay"),
    path("games/<int:game_id>/extend/", views.deadline_extend, name="extend"),
    path("games/<int:game_id>/take-over/", views.seat_take_over, name="take_over"),
    path("vacation/", views.vacation, name="vacation"),
    path("vacation/end/", views.vacation_end, name="vacation_end"),
]
